local cfg = {db = {host = "localhost", ports = {5432, 5433}}, debug = false}
return {cfg.db.host, cfg.db.ports[2], cfg["db"]["ports"][1], cfg.debug, cfg.missing == nil}
