return 0.1
