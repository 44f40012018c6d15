# The kubb messages.
