"""The command line: thin Typer commands over the library. Only this package prints and exits."""
