error("plain", 0)
