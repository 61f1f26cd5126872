"""ReportLab rendering: fonts, text fitting, imposition, marks and every kit component."""
