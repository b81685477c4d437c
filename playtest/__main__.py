from playtest.cli.app import main

main()
