return { x = 2 }
