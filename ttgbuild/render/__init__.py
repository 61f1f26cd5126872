"""ReportLab drawing every game shares: fonts, text fitting, flow, sheets, marks, the render
context. The kit's files are drawn by the game packs' painters."""
