select l_orderkey, l_linenumber, l_shipdate, l_extendedprice, l_comment
from lineitem
where l_orderkey = 3000001
