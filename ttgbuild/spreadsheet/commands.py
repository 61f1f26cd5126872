"""`ttgbuild sheet export` and `ttgbuild sheet import`: the commands, options in, exit codes out.

Exit codes: 0 done (or nothing to change), 1 problems in the sheet or in the
content it would make (nothing written), 2 an unreadable file or no project.
openpyxl, ruamel.yaml and the validator are imported when a command runs.
"""

# Annotations are evaluated at import (no `from __future__ import annotations`): Typer
# would otherwise compile each option's annotation string again whenever it builds a command.

import os
from pathlib import Path
from typing import Annotated

import typer

from ttgbuild.core import console
from ttgbuild.options import EXIT_PROBLEMS, EXIT_UNREADABLE, ProjectOption, require_project

sheet_app = typer.Typer(
    help="Balance the content in a spreadsheet: export sheets, import edits back into the YAML.",
    no_args_is_help=True,
)

DEFAULT_OUT = Path("output") / "content.xlsx"


@sheet_app.command("export")
def export(
    project: ProjectOption = Path("."),
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="A .xlsx workbook, or (any other name, even x.csv) a folder for one CSV "
            "file per sheet (default: output/content.xlsx in the project).",
        ),
    ] = None,
) -> None:
    """One sheet per record kind: a row per record, a column per field."""
    from ttgbuild.core.atomic import write_atomically
    from ttgbuild.source.loader import load_content
    from ttgbuild.source.yamlsource import LOAD_CODES
    from ttgbuild.spreadsheet.tables import tables_of
    from ttgbuild.spreadsheet.workbook import UnwritableCells, write_csv, write_xlsx

    pack = require_project(project, "sheet export")
    loaded = load_content(project, pack)
    tables = tables_of(pack, loaded)
    target = out if out is not None else project / DEFAULT_OUT
    try:
        if target.suffix.lower() == ".xlsx":
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, write_xlsx(tables))
        else:
            target.mkdir(parents=True, exist_ok=True)
            for path, data in write_csv(tables, target).items():
                write_atomically(path, data)
    except UnwritableCells as exc:
        for problem in exc.problems:
            console.out(problem)
        console.err(f"sheet export: {exc}; nothing written")
        raise typer.Exit(EXIT_PROBLEMS) from None
    except OSError as exc:
        console.err(f"sheet export: cannot write {target}: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    rows = sum(len(t.rows) if not t.settings else len(t.columns) for t in tables)
    unread = sum(d.code in LOAD_CODES for d in loaded.diagnostics)
    if unread:
        console.err(f"sheet export: {unread} content file(s) could not be read and are not in it")
    what = "" if target.suffix.lower() == ".xlsx" else "a folder of CSV files, one per sheet: "
    console.err(f"sheet export: wrote {what}{target} ({len(tables)} sheets, {rows} rows)")


@sheet_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A .xlsx workbook, a .csv file or a CSV folder.")],
    project: ProjectOption = Path("."),
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Report what would change; write nothing.")
    ] = False,
    delete_missing: Annotated[
        bool,
        typer.Option("--delete-missing", help="Delete records whose rows were removed."),
    ] = False,
) -> None:
    """Write a sheet's edits into the YAML in place, once the result validates."""
    from ttgbuild.core.atomic import write_atomically
    from ttgbuild.core.interrupts import SIGTERM_EXIT, Terminated
    from ttgbuild.pack import PackError
    from ttgbuild.source.loader import load_content
    from ttgbuild.spreadsheet.check import cell_of, would_be_problems
    from ttgbuild.spreadsheet.plan import plan_import
    from ttgbuild.spreadsheet.tables import tables_of
    from ttgbuild.spreadsheet.workbook import SheetFileError, read_sheets
    from ttgbuild.spreadsheet.writeback import targets_of

    pack = require_project(project, "sheet import")
    if not os.path.lexists(file):
        console.err(f"sheet import: {file}: no such file")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        sheets = read_sheets(file)
    except SheetFileError as exc:
        console.err(f"sheet import: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    loaded = load_content(project, pack)
    documents = {shown: doc.data for shown, doc in loaded.documents.items()}
    plan = plan_import(project, tables_of(pack, loaded), sheets, documents, delete_missing)
    if plan.problems:
        for problem in plan.problems:
            console.out(problem.as_text())
        console.err(f"sheet import: {len(plan.problems)} problem(s) in {file}; nothing written")
        raise typer.Exit(EXIT_PROBLEMS)
    for change in plan.changes:
        console.out(change.as_text())
    for added, cell in plan.added:
        console.out(f"{added}: new record (row {cell})")
    for gone in plan.missing:
        console.out(f"{gone}: not in the sheet; " + ("deleted" if delete_missing else "kept"))
    if not plan.writes:
        console.err("sheet import: nothing to change")
        return
    targets = targets_of(project, plan.writes)
    for problem in targets.problems:
        console.out(problem.as_text())
    if targets.problems:
        console.err(
            f"sheet import: {len(targets.problems)} file(s) cannot be written; nothing written"
        )
        raise typer.Exit(EXIT_PROBLEMS)
    for note in targets.notes:
        console.out(note)
    try:
        diags = would_be_problems(project, plan.writes)
    except Terminated:  # the check's copy is gone already; Typer would say Ctrl-C's 130
        console.err("sheet import: terminated (SIGTERM); nothing written")
        raise typer.Exit(SIGTERM_EXIT) from None
    except PackError as exc:
        console.diagnostics(exc.diagnostics, "text")
        console.err("sheet import: the project's game cannot be used; nothing written")
        raise typer.Exit(EXIT_UNREADABLE) from None
    errors = [d for d in diags if d.severity == "error"]
    for diag in diags:
        if diag.severity == "error" or diag.file in plan.writes:
            cell = cell_of(diag, plan.locators)
            console.out(f"{cell}: {diag.as_text()}" if cell else diag.as_text())
    if errors:
        console.err(f"sheet import: the content would have {len(errors)} error(s); nothing written")
        raise typer.Exit(EXIT_PROBLEMS)
    if dry_run:
        console.err(
            f"sheet import: {len(plan.writes)} file(s) would change; --dry-run: none written"
        )
        return
    written = 0
    for shown, text in plan.writes.items():
        target = targets.paths[shown]  # a link's target inside the project, written through
        try:
            if text is None:
                target.unlink(missing_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomically(target, text.encode("utf-8"))
        except OSError as exc:  # a full disk, a read-only folder: say how far it got
            console.err(f"sheet import: cannot write {shown}: {exc}; {written} file(s) written")
            raise typer.Exit(EXIT_UNREADABLE) from None
        written += 1
    console.err(f"sheet import: {written} file(s) written")
