# The terminal messages.
