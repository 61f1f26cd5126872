"""`python -m ttgbuild` runs the command-line tool."""

from ttgbuild.launch import main

main()
