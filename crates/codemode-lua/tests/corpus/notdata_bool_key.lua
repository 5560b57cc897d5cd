return {[true] = 1}
