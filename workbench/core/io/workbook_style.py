"""What every workbook the workbench writes shares: the font a Korean reader has,
and the most text a cell can hold."""

#: Korean Windows' UI font; Excel on macOS substitutes Apple SD Gothic Neo.
FONT_NAME = "맑은 고딕"
FONT_SIZE = 11
#: Excel cannot hold more characters than this in one cell
EXCEL_MAX_TEXT = 32767
