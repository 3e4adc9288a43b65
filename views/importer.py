"""Importing session files without reading more than the cap and without holding up other tables.

The file picker gives each file's size before anything is read: a file over `exports.MAX_FILE_BYTES` (the largest
a backup may be; one session is held to less once read, `storage.exports` rules both) is refused then,
with its size in words (a browser cannot send one over 16 MiB over the websocket at all, so it would otherwise
vanish silently); an empty file is refused then too (its upload never reports an end, so it vanished silently:
measured, Flet's upload event says progress 0.0 twice and nothing more). A file within the cap is streamed over
HTTP into the server's private upload folder (the server also cuts off any upload over the cap,
`FLET_MAX_UPLOAD_SIZE`); in a phone build it is read from its path. Checking and replaying it
(`Store.import_text`) then runs on one worker thread, off the event loop, one import at a time, so other tables
keep playing.

While a file is checked, a notice says so ("Importing broken.json…"); it is put away as soon as the outcome is
known, before the outcome is shown (a refusal's dialog came up with the notice still below it). It is a notice of
its own, not `app.notify`'s, because it must be put away by the importer; its time limit only bounds a notice that
nothing put away.
"""

from __future__ import annotations

import asyncio
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft

from scoring.core import RuleError
from storage import exports
from views import imported

UPLOAD_SECONDS = 300
BUSY_SECONDS = 600
_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tableside-import")


def picker(app: Any) -> ft.FilePicker:
    """The app's file picker: imports on pick and on upload, exports (`save_file`) too."""
    return ft.FilePicker(on_result=lambda e: picked(app, e.files or []), on_upload=lambda e: uploaded(app, e))


def button(app: Any) -> ft.Control:
    """The Import button (the browser opens its picker inside the tap)."""
    return ft.OutlinedButton(content=app.t("app.import"), icon=ft.Icons.FILE_OPEN,
                             action=ft.PickFiles(app.picker, with_data=False, cancel_upload_on_window_blur=False))


def picked(app: Any, files: list) -> None:
    """Refuse empty files and files over the cap by their size; stream the others to the server, or read them from
    their path in a phone build (no upload folder): served on the web, a path a tab sends names a file on the
    server, never one of the browser's. Only the host imports: every tab's page has the picker, and a tab may send
    its events unasked."""
    if not app.host:
        app.show_error("app.host_only")
        return
    uploads = []
    for file in files:
        if file.size > exports.MAX_FILE_BYTES:
            app.alert(app.t("app.import_failed", file=file.name),
                      app.t("app.import_too_large", file=file.name, size=imported.megabytes(file.size),
                            max=exports.MAX_FILE_BYTES // imported.MB))
        elif file.size == 0:
            app.alert(app.t("app.import_failed", file=file.name), app.t("app.import_empty", file=file.name))
        elif file.path and app.upload_dir is None:
            start(app, file.name, Path(file.path), remove=False)
        elif app.upload_dir is not None:
            name = f"{secrets.token_hex(12)}.json"
            app.uploading[file.name] = name
            uploads.append(ft.FilePickerUploadFile(upload_url=app.page.get_upload_url(name, UPLOAD_SECONDS),
                                                   id=file.id))
    if uploads:
        app.page.run_task(app.picker.upload, uploads)


def uploaded(app: Any, event: Any) -> None:
    """An upload finished (or failed): import it (the event names the picked file, `uploading` its upload; the
    host's only, as `picked`)."""
    if not app.host or event.file_name not in app.uploading or (event.progress or 0) < 1 and not event.error:
        return
    shown = event.file_name
    path = Path(app.upload_dir) / app.uploading.pop(shown)
    if event.error:
        path.unlink(missing_ok=True)
        app.alert(app.t("app.import_failed", file=shown), str(event.error))
        return
    start(app, shown, path, remove=True)


def start(app: Any, shown: str, path: Path, remove: bool) -> None:
    """Import one file in the background, saying so until it is done, and open it when it is stored."""
    busy = ft.SnackBar(content=ft.Text(app.t("app.import_busy", file=shown)),
                       duration=ft.Duration(seconds=BUSY_SECONDS))
    app.page.show_dialog(busy)
    app.page.run_task(_import, app, shown, path, remove, busy)


async def _import(app: Any, shown: str, path: Path, remove: bool, busy: ft.SnackBar) -> None:
    """Check and store the file on the worker thread; then say what happened."""
    try:
        outcome = await _stored(app, path, remove, busy)
    except RuleError as err:
        imported.refused(app, shown, err)
        app.page.update()
        return
    imported.report(app, shown, outcome)


async def _stored(app: Any, path: Path, remove: bool, busy: ft.SnackBar) -> dict:
    """The import's outcome from the worker thread; the busy notice is put away when it ends, however it ends."""
    try:
        return await asyncio.get_running_loop().run_in_executor(_worker, _store, app.store, path, remove)
    finally:
        put_away(app, busy)


def put_away(app: Any, busy: ft.SnackBar) -> None:
    """Close the busy notice, unless it has gone already (timed out, or replaced by another notice)."""
    if busy.open:
        busy.open = False
        app.page.update(busy)


def _store(store: Any, path: Path, remove: bool) -> dict:
    """Read (at most the cap) and import a file, one session or a backup (`storage.exports.import_file`)."""
    try:
        exports.refuse_size(path.stat().st_size)
        return exports.import_file(store, path.read_bytes())
    except OSError as err:
        raise RuleError("plain.not_json", detail=err.strerror or type(err).__name__) from err
    finally:
        if remove:
            path.unlink(missing_ok=True)
