"""What the benchmark scripts say about the machine they ran on (shared by run-all.py and
peers/run-peers.py)."""
import os
import platform
import subprocess


def sh(cmd):
    """A command's standard output, stripped; empty when it cannot run or fails."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine():
    """CPU model, cores, kernel, Swift and HarfBuzz versions, and the load average now."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    except OSError:
        pass
    swift = (sh(["swift", "--version"]).splitlines() or ["swift ?"])[0]
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, {swift}, "
            f"HarfBuzz {sh(['pkg-config', '--modversion', 'harfbuzz']) or '?'}; "
            f"load average at the start {os.getloadavg()[0]:.1f}")
