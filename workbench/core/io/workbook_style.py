"""What every workbook the workbench writes shares: the font a Korean reader has,
(what goes into a cell is io/cells.py's)."""

#: Korean Windows' UI font; Excel on macOS substitutes Apple SD Gothic Neo.
FONT_NAME = "맑은 고딕"
FONT_SIZE = 11
