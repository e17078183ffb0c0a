"""The app shell through the Flask client: the manifest, the service worker and the page it shows offline."""

import re


def test_the_app_shell_manifest_service_worker_and_offline_page(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert (
        body["start_url"] == "/"
        and body["display"] == "standalone"
        and body["icons"][0]["src"].startswith("/static/icon.svg?v=")
    )
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    worker = client.get("/sw.js")
    script = worker.get_data(as_text=True)
    assert worker.mimetype == "application/javascript" and worker.headers["Cache-Control"] == "no-cache"
    assert re.search(r'"/static/style\.css\?v=[0-9a-f]{12}"', script) and '"/offline"' in script
    offline = client.get("/offline").get_data(as_text=True)
    assert "A tap made on this phone without a connection waits on it" in offline  # not "all is safe"
