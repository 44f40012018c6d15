# The account messages.
