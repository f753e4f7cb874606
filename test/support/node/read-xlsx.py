# Reads an .xlsx file with openpyxl, every warning an error, and prints it as JSON: each sheet's
# name, cells (value and openpyxl's data type: "n" number, "s" string, "f" formula) and merged
# ranges, and the workbook's title. Used by test/tables/workbook.test.ts.
import json
import sys
import warnings

warnings.simplefilter("error")
import openpyxl  # noqa: E402

book = openpyxl.load_workbook(sys.argv[1])
sheets = []
for sheet in book.worksheets:
    rows = [
        [None if cell.value is None else {"value": cell.value, "type": cell.data_type} for cell in row]
        for row in sheet.iter_rows()
    ]
    merged = sorted(str(cell_range) for cell_range in sheet.merged_cells.ranges)
    sheets.append({"name": sheet.title, "rows": rows, "merged": merged})
print(json.dumps({"title": book.properties.title, "sheets": sheets}, ensure_ascii=False))
