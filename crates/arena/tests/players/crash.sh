#!/bin/sh
# Misbehaving player: answers the setup, then exits with status 3 at its first turn.
read -r line
echo OK
read -r line
exit 3
