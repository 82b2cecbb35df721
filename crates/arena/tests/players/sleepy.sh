#!/bin/sh
# A player that never answers, with a helper named by $1: for the arena's interrupt test.
sh -c 'sleep 300' "$1" &
sleep 300
