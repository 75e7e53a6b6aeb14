"""The interface language: 中文 (zh_CN) or English, switchable without a restart.

Installing a translator makes Qt send every widget a LanguageChange event; widgets
answer it by setting their texts again (their ``retranslate`` methods).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QDateTime,
    QEvent,
    QLibraryInfo,
    QLocale,
    QTranslator,
)

from gui.support.settings import setting_str
from resources import resource_path

LANGUAGES = {"en": "English", "zh_CN": "中文"}
#: Qt's own words that qtbase_zh_CN.qm lacks (its file dialog's labels carry a "&" that
#: the catalogue's do not, and the type of a folder): ours, so the dialogs speak Chinese.
QT_WORDS_OURS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "File"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive"),
)
_installed: list[QTranslator] = []
_current = "en"


def in_current_language(texts: dict[str, str]) -> str:
    """Return the text of ``texts`` (language → text, as a preset's title) to show now.

    "zh" for zh_CN, else English, else any; "" for none.
    """
    language = _current.split("_")[0]
    return texts.get(language) or texts.get("en") or next(iter(texts.values()), "")


def system_language() -> str:
    """zh_CN where the system speaks Chinese, else English."""
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def remembered_language() -> str:
    """Return the language chosen last time (View → Language), else the system's."""
    code = setting_str("language")
    return code if code in LANGUAGES else system_language()


def current_language() -> str:
    """Return the code of the language the interface speaks now (a key of LANGUAGES)."""
    return _current


def set_language(code: str) -> None:
    """Switch the whole interface (ours and Qt's own dialogs) to ``code``."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose from {', '.join(LANGUAGES)}")
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("set_language needs a QApplication")
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if code != "en":
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        ours = str(resource_path("translations"))
        for name, folder in ((f"qtbase_{code}", qt_folder), (f"attention_lab_{code}", ours)):
            translator = QTranslator(app)
            if translator.load(name, folder):
                app.installTranslator(translator)
                _installed.append(translator)
    _current = code
    # Qt posts LanguageChange to the widgets: deliver them now, so that the window is
    # retranslated when this returns.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    QLocale.setDefault(
        QLocale(QLocale.Language.Chinese if code == "zh_CN" else QLocale.Language.English)
    )


def language_locale() -> QLocale:
    """Return the locale of the language the interface speaks: its dates and numbers.

    Not ``QLocale()``, the process's default, which anything may set: a date written in
    it read “12/3/26 8:14 AM” whatever the language.
    """
    if _current == "zh_CN":
        return QLocale(QLocale.Language.Chinese, QLocale.Country.China)
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def written_date_time(when: QDateTime) -> str:
    """Return ``when`` as a reader of the interface's language writes it, month in words.

    “Thursday, December 3, 2026 8:14 AM”, “2026年12月3日星期四 08:14”: a short date
    (“12/3/26”) reads as 12 March to most of the world.
    """
    locale = language_locale()
    date = locale.toString(when.date(), QLocale.FormatType.LongFormat)
    return f"{date} {locale.toString(when.time(), QLocale.FormatType.ShortFormat)}"


class Retranslating:
    """Mixin for widgets that set their texts again on a language switch.

    On a language switch, Qt sends LanguageChange and the widget's ``retranslate`` sets its
    texts again. List it before the Qt class.
    """

    def retranslate(self) -> None:
        """Set every text of the widget again, in the current language."""
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        """Call ``retranslate`` on LanguageChange, then handle the event as the Qt class does."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)  # type: ignore[misc]
