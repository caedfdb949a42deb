from warroom.cli import main

main()
