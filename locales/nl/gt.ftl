# The gt messages.
