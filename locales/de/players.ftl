# The players messages.
