#!/bin/sh
# A player that never answers, with a helper: for the arena's interrupt test.
sh -c 'sleep 300' arena-test-sleepy-helper &
sleep 300
