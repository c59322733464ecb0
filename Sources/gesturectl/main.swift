print("gesturectl: under construction")
