@echo off
rem Install Attention Lab from this folder, without internet (Windows).
rem Double-click it, or run "install.bat --dir D:\AttentionLab --lang zh_CN" in a console.
rem It runs install.ps1 (which finds Python and checks the kit) with the same arguments,
rem allowed to run for this once (-ExecutionPolicy Bypass), then waits for a key so that
rem the window stays open for reading.
setlocal
set "status=1"
where powershell >nul 2>nul
if errorlevel 1 goto no_powershell
powershell -NoProfile -ExecutionPolicy Bypass -File "%~dp0install.ps1" %*
set "status=%errorlevel%"
goto end

:no_powershell
echo Windows PowerShell was not found. With Python 3.10 to 3.13 installed, run
echo     python "%~dp0install.py"
echo in a console instead: it checks the kit and installs in the same way.

:end
pause
exit /b %status%
