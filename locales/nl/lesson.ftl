# The lesson messages.
