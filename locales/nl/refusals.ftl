# The refusals messages.
