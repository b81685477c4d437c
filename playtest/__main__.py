from playtest.cli.entry import main

main()
