"""The main window that assembles every layer, its menus, the presenter view, headless export."""
