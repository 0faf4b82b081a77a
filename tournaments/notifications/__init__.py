"""Notifications of what happens at an event (issue 25): the event names and the signal the channels listen to."""
