"""The main window that assembles every layer, its menus, presenter mode, headless export."""
