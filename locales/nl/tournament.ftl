# The tournament messages.
