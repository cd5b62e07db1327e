return { x = 1 }
