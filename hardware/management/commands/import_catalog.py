import csv
import sys
from pathlib import Path

from django.core.management.base import CommandError
from tqdm import tqdm

from catalog.services import CSV_HEADER, catalog_import, catalog_rows_read
from config.kernel.commands import WritingCommand, refusals_as_command_errors
from hardware.types import hardware_type_names


# Here rather than in the catalog app: the catalog sits below hardware and cannot know the
# hardware types, which this command passes it.
class Command(WritingCommand):
    help = (
        f"Load catalog items from a UTF-8 CSV file with the header {','.join(CSV_HEADER)}. "
        "A row whose (countryCode, manufacturerPartNumber) is in the catalog updates that "
        "item. With any bad row, every one is reported with its line number and nothing of "
        "the file is loaded."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="The CSV file.")

    def handle(self, *args, file: Path, **options):
        with refusals_as_command_errors():
            try:
                # utf-8-sig: spreadsheets often start their CSV files with a byte-order mark.
                with file.open(encoding="utf-8-sig", newline="") as lines:
                    rows = catalog_rows_read(lines=lines, hardware_types=hardware_type_names())
            except (OSError, UnicodeDecodeError, csv.Error) as error:
                raise CommandError(f"Cannot read {file}: {error}") from error
            # On the terminal only (disable=None): logs and pipes get the summary line alone.
            with tqdm(
                total=len(rows), unit="row", desc="Importing", file=sys.stderr, disable=None
            ) as bar:
                result = catalog_import(rows=rows, progress=bar.update)
        self.stdout.write(
            f"Imported {file}: {result.created} created, {result.updated} updated, "
            f"{result.unchanged} unchanged."
        )
