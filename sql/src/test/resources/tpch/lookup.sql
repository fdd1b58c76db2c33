select l_orderkey, l_linenumber, l_shipdate, l_quantity, l_comment
from lineitem
where l_orderkey = 4242
order by l_linenumber
