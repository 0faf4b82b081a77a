"""Server-rendered pages: public (list, tournament, pairings, standings, bracket), player
(register, decklist, match report) and organiser (create, manage). Views validate, call one
service, and turn a UserError into a form error or message — never a 500."""
