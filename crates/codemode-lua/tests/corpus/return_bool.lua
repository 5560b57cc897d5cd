return false
