#!/bin/sh
# Misbehaving player: never answers at all, and leaves a helper running.
sh -c 'sleep 300' arena-test-hang-helper &
sleep 300
