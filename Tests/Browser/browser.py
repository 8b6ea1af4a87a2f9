"""Headless Chromium for JobWire's browser tests, driven with Selenium.

Debian's chromium and chromium-driver (Scripts/install_browser.sh installs them); nothing is
downloaded at run time: the driver is named by path, Selenium Manager is kept offline, and
host names other than the loopback ones do not resolve, so a page can reach 127.0.0.1 and
file:// only. Waiting is always for a condition with a deadline, never a sleep.

    from browser import start, wait_for
    with start() as driver:
        driver.get(file_url("report.html"))
        wait_for(driver, ".jw-swim[data-ready='true']")
"""

import contextlib
import os
import pathlib
import shutil
import tempfile
import unittest

CHROMIUM = os.environ.get("JOBWIRE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("JOBWIRE_CHROMEDRIVER", "/usr/bin/chromedriver")
# Scripts/install_browser.sh's reason when it could not install the browser.
SKIP_VARIABLE = "JOBWIRE_BROWSER_SKIP"
DEADLINE_SECONDS = 30


def unavailable_reason():
    """Why the browser tests cannot run here, or None when they can."""
    if os.environ.get(SKIP_VARIABLE):
        return os.environ[SKIP_VARIABLE]
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.exists(path) or shutil.which(path)):
            return f"{path} is not installed (Scripts/install_browser.sh installs chromium and chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the Python package selenium is missing (pip install -r Scripts/requirements-test.txt)"
    return None


def require_browser():
    """Skips the calling test, with the reason, when the browser cannot run here."""
    reason = unavailable_reason()
    if reason:
        raise unittest.SkipTest(reason)


@contextlib.contextmanager
def start(width=1280, height=900):
    """A headless Chromium that reaches loopback and files only; quit on leaving the block. Its
    temporary files (the profile, and the singleton socket directory Chromium leaves behind
    after a quit) go to a directory of its own, removed with it, not to /tmp."""
    require_browser()
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not fetch a driver or a browser.
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--window-size={width},{height}",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    ):
        options.add_argument(argument)
    with tempfile.TemporaryDirectory(prefix="jobwire-chromium-", ignore_cleanup_errors=True) as scratch:
        service = Service(executable_path=CHROMEDRIVER, env=dict(os.environ, TMPDIR=scratch))
        driver = webdriver.Chrome(service=service, options=options)
        driver.set_page_load_timeout(DEADLINE_SECONDS)
        driver.set_script_timeout(DEADLINE_SECONDS)
        try:
            yield driver
        finally:
            driver.quit()


def file_url(path):
    """The file:// URL of a local file."""
    return pathlib.Path(path).resolve().as_uri()


def open_page(driver, url, ready_selector="body"):
    """Loads `url` and waits until `ready_selector` is there."""
    driver.get(url)
    return wait_for(driver, ready_selector)


def wait_for(driver_or_element, selector, timeout=DEADLINE_SECONDS, visible=True):
    """The first element matching the CSS `selector` once it is there (and visible), within `timeout` s."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def found(_):
        for element in driver_or_element.find_elements(By.CSS_SELECTOR, selector):
            if not visible or element.is_displayed():
                return element
        return False

    return WebDriverWait(driver_or_element, timeout).until(found, f"no {'visible ' if visible else ''}{selector} within {timeout} s")


def resources_fetched(driver):
    """The URLs the page fetched (scripts, styles, images, XHR ...): none for a self-contained page."""
    return driver.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
