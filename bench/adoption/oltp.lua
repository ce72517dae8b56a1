-- sysbench 1.0 script of bench/adoption/run.py: the OLTP load that runs
-- through squeeze before and during backfill / compact.
--
--   sysbench bench/adoption/oltp.lua --mysql-host=127.0.0.1 --mysql-port=P \
--     --mysql-user=app --mysql-password=secret --mysql-db=bench --threads=4 \
--     --time=15 --rows=200000 --docs=load.literals --updates=10 run
--
-- Each event is one point select by a uniformly random id (result fully
-- fetched), or, with probability --updates percent, one UPDATE of a
-- random id to a document of --docs (one ready-made SQL literal per line).

sysbench.cmdline.options = {
   tbl = {"table name", "docs"},
   docs = {"file with one quoted SQL string literal per line", ""},
   rows = {"ids 1..rows exist", 0},
   updates = {"percent of events that are updates", 10},
}

local docs = {}
local ndocs = 0
local con

function thread_init(thread_id)
   local drv = sysbench.sql.driver()
   con = drv:connect()
   con:query("SET NAMES utf8mb4")
   for line in io.lines(sysbench.opt.docs) do
      if #line > 0 then
         ndocs = ndocs + 1
         docs[ndocs] = line
      end
   end
   assert(ndocs > 0, "no documents in " .. sysbench.opt.docs)
   assert(sysbench.opt.rows > 0, "--rows is required")
end

function thread_done()
   con:disconnect()
end

function event(thread_id)
   local o = sysbench.opt
   local id = sysbench.rand.uniform(1, o.rows)
   if sysbench.rand.uniform(1, 100) <= o.updates then
      con:query("UPDATE " .. o.tbl .. " SET doc=" .. docs[sysbench.rand.uniform(1, ndocs)] ..
                " WHERE id=" .. id)
   else
      con:query("SELECT doc FROM " .. o.tbl .. " WHERE id=" .. id)
   end
end
