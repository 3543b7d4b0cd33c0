print("captionkit")
