return {f = print}
