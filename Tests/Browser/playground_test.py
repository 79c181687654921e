#!/usr/bin/env python3
"""The playground of `textkit serve` in a real browser: headless Chromium driven by Selenium.

Starts `textkit serve` on a free loopback port, loads the page, draws with pointer events (a
freehand area closed by its chord, then a band along a stroke), drags a shape, and after each
reflow checks from the DOM that no glyph box meets a drawn exclusion and that the text still
fills the page; then resizes a shape by its handle, shows the free spans overlay, deletes a
shape with the Delete key and adds the contour of a PNG. Saves screenshots to the output folder.

    Tests/Browser/playground_test.py .build/debug/textkit [OUTPUT-FOLDER]

Needs Debian's chromium and chromium-driver, and selenium from PyPI. Prints 'N passed, N failed'.
"""
import math
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT = os.path.join(ROOT, "Fixtures/fonts/DejaVuSans.ttf")

# Every glyph box on page 1 (glyphs with ink: a space at a line's end may hang past its fragment), sampled on a grid, tested against every exclusion element with the
# browser's own geometry (isPointInFill for areas, isPointInStroke for bands); and where the text
# ends on the page. Glyph boxes are the glyph's advance by the font's ascent and descent at its
# baseline (what layout keeps out of exclusions), from the <use> placed at the JSON position.
CHECK_SCRIPT = """
const layout = window.textkitPlayground.layout;
const svg = document.querySelector('#pages svg.page');
const exclusions = [...svg.querySelectorAll('.shapes .exclusion')];
const page = layout.pages[0];
let hits = [], glyphs = 0, lowest = 0, beside = 0;
const boxes = [];
for (const use of svg.querySelectorAll('.glyphs use')) {
  // A glyph without ink (a space, which may hang past the end of its fragment) has no box.
  const outline = document.getElementById(use.getAttribute('href').slice(1));
  if (!outline || !outline.getAttribute('d')) continue;
  const m = use.getAttribute('transform').match(/matrix\\(([^)]*)\\)/)[1].split(' ').map(Number);
  const font = layout.fonts[Number(use.dataset.font)];
  const advance = Number(use.dataset.advance);
  boxes.push([m[4], m[5] - font.ascent, advance, font.ascent + font.descent, m[5]]);
}
for (const [x, y, w, h, baseline] of boxes) {
  glyphs += 1;
  lowest = Math.max(lowest, baseline);
  if (w <= 0) continue;
  for (const e of exclusions) {
    const band = e.classList.contains('band');
    const box = e.getBBox();
    const pad = band ? parseFloat(getComputedStyle(e).strokeWidth) / 2 : 0;
    if (y + h > box.y - pad && y < box.y + box.height + pad) beside += 1;
    if (x + w < box.x - pad || x > box.x + box.width + pad || y + h < box.y - pad || y > box.y + box.height + pad) continue;
    for (let i = 0; i <= 5; i++) for (let j = 0; j <= 5; j++) {
      const point = new DOMPoint(x + 0.25 + (w - 0.5) * i / 5, y + 0.25 + (h - 0.5) * j / 5);
      if (band ? e.isPointInStroke(point) : e.isPointInFill(point)) { hits.push([x, y, w, h]); i = j = 99; }
    }
  }
}
return { hits: hits.slice(0, 5), hitCount: hits.length, glyphs, lowest, beside, exclusions: exclusions.length,
         pageHeight: page.height, pages: layout.pages.length, overflow: layout.overflow };
"""


def start_server(binary):
    server = subprocess.Popen([binary, "serve", "--port", "0", "--font-file", FONT],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = server.stdout.readline().strip()
    if not line.startswith("listening on "):
        server.kill()
        raise RuntimeError(f"textkit serve did not start: {line!r} {server.stderr.read()}")
    return server, line[len("listening on "):]


def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for_layout(driver, after, timeout=30):
    """Waits until more than `after` layouts were drawn and none is on its way."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = driver.execute_script(
            "const p = window.textkitPlayground; return p ? [p.layoutCount, p.idle] : [0, false];")
        if state[0] > after and state[1]:
            return state[0]
        time.sleep(0.05)
    raise AssertionError(f"no layout after {after} within {timeout} s; error: "
                         + driver.find_element("id", "error").text)


def page_offset(driver):
    """Where page 1's top-left corner is on the screen, and screen pixels per point."""
    return driver.execute_script("""
        const svg = document.querySelector('#pages svg.page');
        const r = svg.getBoundingClientRect();
        return [r.left, r.top, r.width / Number(svg.getAttribute('width'))];""")


def stroke(driver, points):
    """Draws through `points` (page coordinates in points) with a pen: pointer events."""
    left, top, scale = page_offset(driver)
    pen = PointerInput(interaction.POINTER_PEN, "pen")
    actions = ActionBuilder(driver, mouse=pen, duration=10)
    x, y = points[0]
    actions.pointer_action.move_to_location(int(left + x * scale), int(top + y * scale))
    actions.pointer_action.pointer_down()
    for x, y in points[1:]:
        actions.pointer_action.move_to_location(int(left + x * scale), int(top + y * scale))
    actions.pointer_action.pointer_up()
    actions.perform()


def drag(driver, start, end):
    """Drags with the mouse from `start` to `end` (page coordinates) in a few steps."""
    left, top, scale = page_offset(driver)
    chain = ActionChains(driver, duration=20)
    chain.move_by_offset(0, 0)
    mouse = ActionBuilder(driver, duration=20)
    mouse.pointer_action.move_to_location(int(left + start[0] * scale), int(top + start[1] * scale))
    mouse.pointer_action.pointer_down()
    for step in range(1, 9):
        t = step / 8
        mouse.pointer_action.move_to_location(int(left + (start[0] + (end[0] - start[0]) * t) * scale),
                                              int(top + (start[1] + (end[1] - start[1]) * t) * scale))
    mouse.pointer_action.pointer_up()
    mouse.perform()


def check(driver, name, results):
    result = driver.execute_script(CHECK_SCRIPT)
    line_height = 14
    problems = []
    if result["exclusions"] == 0:
        problems.append("no exclusion was drawn")
    if result["hitCount"]:
        problems.append(f"{result['hitCount']} glyph boxes meet an exclusion, e.g. {result['hits']}")
    if result["lowest"] < result["pageHeight"] - 54 - 3 * line_height:
        problems.append(f"the text stops at {result['lowest']:.1f} pt on a {result['pageHeight']} pt page")
    if result["beside"] == 0:
        problems.append("no text beside the exclusion: lines jumped over it instead of wrapping around it")
    if result["overflow"] is not None:
        problems.append(f"overflow: {result['overflow']}")
    status = "ok" if not problems else "FAILED: " + "; ".join(problems)
    print(f"{name}: {result['glyphs']} glyphs on page 1, {result['beside']} beside the exclusions, "
          f"text down to {result['lowest']:.1f} pt: {status}")
    results.append(not problems)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/textkit")
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/browser-test")
    os.makedirs(output, exist_ok=True)
    server, url = start_server(binary)
    driver = browser()
    results = []
    try:
        driver.get(url + "/")
        count = wait_for_layout(driver, 0)
        driver.save_screenshot(os.path.join(output, "1-loaded.png"))

        # A freehand outline (open: Text Kit closes it by its chord).
        outline = [(300 + 120 * math.cos(a / 20 * math.pi) * (1 + 0.25 * math.sin(a)),
                    260 + 90 * math.sin(a / 20 * math.pi)) for a in range(0, 36)]
        stroke(driver, outline)
        count = wait_for_layout(driver, count)
        check(driver, "freehand area", results)
        driver.save_screenshot(os.path.join(output, "2-area.png"))

        # A band along a wavy stroke.
        driver.find_element("css selector", "input[name=tool][value=stroke]").click()
        wave = [(90 + 9 * i, 520 + 40 * math.sin(i / 5)) for i in range(0, 40)]
        stroke(driver, wave)
        count = wait_for_layout(driver, count)
        check(driver, "stroke band", results)
        driver.save_screenshot(os.path.join(output, "3-band.png"))

        # Drag the area down by 150 pt with the select tool: the text reflows again.
        driver.find_element("css selector", "input[name=tool][value=select]").click()
        drag(driver, (300, 260), (330, 410))
        count = wait_for_layout(driver, count)
        check(driver, "dragged area", results)
        driver.save_screenshot(os.path.join(output, "4-dragged.png"))

        # Resize the selected area by its corner handle.
        before = driver.execute_script("return window.textkitPlayground.shapes.length")
        handle = driver.execute_script("""
            const h = document.querySelector('#pages svg.page .handle');
            return [Number(h.getAttribute('x')) + 4, Number(h.getAttribute('y')) + 4];""")
        width = driver.execute_script("return document.querySelector('#pages svg.page .exclusion.selected').getBBox().width")
        drag(driver, handle, (handle[0] + 40, handle[1] + 30))
        count = wait_for_layout(driver, count)
        grown = driver.execute_script("return document.querySelector('#pages svg.page .exclusion.selected').getBBox().width")
        print(f"resized area: {width:.0f} pt wide, then {grown:.0f} pt")
        results.append(grown > width + 10)
        check(driver, "resized area", results)

        # The free spans overlay, from POST /spans.
        driver.find_element("id", "showSpans").click()
        count = wait_for_layout(driver, count)
        spans = driver.execute_script("return document.querySelectorAll('#pages svg.page .spans rect').length")
        print(f"free spans overlay: {spans} spans on page 1")
        results.append(spans > 40)
        driver.save_screenshot(os.path.join(output, "5-spans.png"))

        # Delete the selected shape with the Delete key.
        driver.find_element("tag name", "body").send_keys(Keys.DELETE)
        count = wait_for_layout(driver, count)
        after = driver.execute_script("return window.textkitPlayground.shapes.length")
        print(f"deleted a shape: {before} shapes, then {after}")
        results.append(after == before - 1)

        # The contour of an uploaded PNG (POST /contour) becomes a shape the text flows around.
        upload = driver.find_element("id", "imageFile")
        driver.execute_script("arguments[0].hidden = false;", upload)
        upload.send_keys(os.path.join(ROOT, "Fixtures/images/ring-gray16.png"))
        count = wait_for_layout(driver, count)
        shapes = driver.execute_script("return window.textkitPlayground.shapes.length")
        print(f"image contour: {after} shapes, then {shapes}")
        results.append(shapes == after + 1)
        check(driver, "image contour", results)
        driver.save_screenshot(os.path.join(output, "6-image.png"))
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        print(f"browser console errors: {errors or 'none'}")
        results.append(not errors)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) and results else 1


if __name__ == "__main__":
    sys.exit(main())
