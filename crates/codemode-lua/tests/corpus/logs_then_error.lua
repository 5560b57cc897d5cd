print("before")
error("after")
