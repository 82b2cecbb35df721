#!/bin/sh
# A Gomocup brain slow to set up: it takes 1 s over INFO max_memory (as a brain that clears a
# large hash table there does), then answers at once: OK, its name, the centre on every turn.
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    "INFO max_memory"*) sleep 1 ;;
    ABOUT*) echo 'name="slow-setup"' ;;
    BEGIN*|TURN*|DONE*) echo 7,7 ;;
  esac
done
