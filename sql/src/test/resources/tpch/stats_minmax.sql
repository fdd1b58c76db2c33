select count(*) as n, min(l_shipdate) as first_ship, max(l_shipdate) as last_ship, count(l_comment) as comments,
    min(l_extendedprice) as min_price, max(l_quantity) as max_qty, sum(l_quantity) as sum_qty
from lineitem
