-- wrk script: learners fetch a puzzle and answer it (htmx POST), alternating. Tokens seen in
-- fetched pages are queued per thread; each is answered once. CSRF: a fixed cookie and header.
local csrf = "benchmarkcsrftokenbenchmarkcsrft"   -- 32 characters, Django's secret length
local queue = {}

request = function()
  local next_answer = table.remove(queue)
  if next_answer then
    local body = "token=" .. next_answer.token .. "&value=50&discarder=100"
    return wrk.format("POST", next_answer.action, {
      ["Content-Type"] = "application/x-www-form-urlencoded",
      ["HX-Request"] = "true",
      ["Cookie"] = "csrftoken=" .. csrf,
      ["X-CSRFToken"] = csrf,
      ["Referer"] = "http://127.0.0.1/",
    }, body)
  end
  return wrk.format("GET", "/practice/worth/")
end

response = function(status, headers, body)
  local action = string.match(body, 'action="(/practice/puzzles/%d+/answer/)"')
  local token = string.match(body, 'name="token" value="([%w%-]+)"')
  if action and token and status == 200 then
    table.insert(queue, {action = action, token = token})
  end
end
