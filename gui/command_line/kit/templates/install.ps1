# Install Attention Lab from this folder, without internet (Windows).
#
#   powershell -ExecutionPolicy Bypass -File install.ps1            (install.bat does this)
#   powershell -ExecutionPolicy Bypass -File install.ps1 --dir D:\AttentionLab --lang zh_CN
#   $env:PYTHON = "C:\Python312\python.exe"; .\install.ps1          (a Python of your choice)
#
# Finds a Python this kit supports (the py launcher, then python on PATH), checks
# install.py against kit.json and runs it with the same arguments; install.py checks every
# other file, then installs. PowerShell reads the whole script before running it, so a
# copy cut short fails to parse and runs nothing.

$ErrorActionPreference = "Stop"
$kit = $PSScriptRoot
# the kit's Python versions, newest first (written by `main.py kit`)
$pythons = @(@PYTHONS_QUOTED@)
Write-Host "Attention Lab: looking for Python ($($pythons -join ', ')) / 查找 Python"

# Runs a candidate (a command and its first arguments) and returns its "3.12", or $null.
function Get-PythonVersion([string[]] $candidate) {
    $arguments = @()
    if ($candidate.Length -gt 1) { $arguments = $candidate[1..($candidate.Length - 1)] }
    try {
        $said = & $candidate[0] @arguments -c "import sys; print('%d.%d' % sys.version_info[:2])" 2>$null
        if ($LASTEXITCODE -eq 0 -and "$said" -match '^\d+\.\d+$') { return "$said" }
    } catch { }
    return $null
}

$candidates = @()
if ($env:PYTHON) { $candidates += , @($env:PYTHON) }
foreach ($version in $pythons) { $candidates += , @("py", "-$version") }
# python.exe on PATH; the Microsoft Store's placeholder in WindowsApps runs no code
$candidates += , @("python")
$candidates += , @("python3")

$found = $null
$seen = @()
foreach ($candidate in $candidates) {
    $version = Get-PythonVersion $candidate
    if ($null -eq $version) { continue }
    if ($pythons -contains $version) { $found = [string[]] $candidate; break }
    $seen += "Python $version ($($candidate -join ' '))"
}

if ($null -eq $found) {
    $known = $pythons -join ", "
    if ($seen.Count -gt 0) {
        Write-Host "Found: $($seen -join '; '); this kit installs on Python $known only." -ForegroundColor Red
        Write-Host "找到：$($seen -join '；')；本工具包仅支持 Python $known。" -ForegroundColor Red
    } else {
        Write-Host "No Python found. This kit installs on Python $known." -ForegroundColor Red
        Write-Host "未找到 Python。本工具包需要 Python $known。" -ForegroundColor Red
    }
    Write-Host "  Install it from python.org (bring the installer on the USB stick too);"
    Write-Host "  tick 'Add python.exe to PATH', then run install.bat again."
    Write-Host "  请从 python.org 安装（可把安装程序一并放在 U 盘里），勾选 'Add python.exe to PATH'，再运行 install.bat。"
    exit 1
}
Write-Host "  using $($found -join ' ') (Python $version)"

# install.py checks the other files; install.py itself is checked here, before it runs.
try {
    $manifest = Get-Content -Raw -Encoding UTF8 (Join-Path $kit "kit.json") | ConvertFrom-Json
    $listed = $manifest.files.'install.py'.sha256
    $actual = (Get-FileHash -Algorithm SHA256 (Join-Path $kit "install.py")).Hash.ToLower()
} catch {
    Write-Host "kit.json or install.py is missing or unreadable: copy the whole kit again." -ForegroundColor Red
    Write-Host "kit.json 或 install.py 缺失或无法读取：请重新复制整个工具包。" -ForegroundColor Red
    exit 1
}
if ($actual -ne $listed) {
    Write-Host "install.py is damaged (its SHA-256 differs from kit.json): copy the kit again." -ForegroundColor Red
    Write-Host "install.py 已损坏（SHA-256 与 kit.json 不符）：请重新复制工具包。" -ForegroundColor Red
    exit 1
}

# From here Python speaks for itself: its messages on stderr are not PowerShell errors.
$ErrorActionPreference = "Continue"
$arguments = @()
if ($found.Length -gt 1) { $arguments = $found[1..($found.Length - 1)] }
& $found[0] @arguments (Join-Path $kit "install.py") @args
exit $LASTEXITCODE
