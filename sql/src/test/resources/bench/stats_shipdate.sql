select count(*), min(l_shipdate), max(l_shipdate) from lineitem
