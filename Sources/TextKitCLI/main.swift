import TextKit
print("textkit")
