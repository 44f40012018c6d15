# The home messages.
