print("gallery")
