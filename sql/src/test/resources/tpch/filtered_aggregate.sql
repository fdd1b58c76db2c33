select count(*) as n, sum(l_quantity) as sum_qty, min(l_extendedprice) as min_price, max(l_discount) as max_disc,
    min(l_receiptdate) as first_receipt
from lineitem
where l_orderkey < 10000 and l_shipmode = 'AIR'
